'use client';

import { useCallback, useEffect, useState } from 'react';

/** A seconds counter that ticks down to 0 once started; `start()` (re)starts it. */
export function useSecondsLeft(seconds: number, startNow = false) {
  const [left, setLeft] = useState(0);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  useEffect(() => {
    if (startNow) start();
  }, [startNow, start]);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((l) => l - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start };
}
