'use client';

export { ErrorView as default } from '@/components/platform/error-view';
