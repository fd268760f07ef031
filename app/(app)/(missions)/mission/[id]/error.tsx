'use client';

export { MissionLoadError as default } from '@/components/missions/detail/mission-load-error';
