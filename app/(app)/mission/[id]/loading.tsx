export { MissionDetailSkeleton as default } from '@/components/missions/detail/mission-detail-skeleton';
