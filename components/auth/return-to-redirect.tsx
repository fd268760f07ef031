'use client';

import { useEffect } from 'react';
import { takeReturnTo } from '@/lib/client/return-to';

/** spec §2 "On startup": follows a return-to address stored at sign-in (read once, then removed). */
export function ReturnToRedirect() {
  useEffect(() => {
    const target = takeReturnTo();
    if (target) window.location.replace(target);
  }, []);
  return null;
}
