import type { ReactNode } from 'react';
import { AppChrome } from '@/app/app-chrome';

// Every page of the shell needs a signed-in user; the menu follows their permission set (spec §6).
export default function AppLayout({ children }: { children: ReactNode }) {
  return <AppChrome>{children}</AppChrome>;
}
