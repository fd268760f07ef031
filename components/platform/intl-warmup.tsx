/**
 * Loads the browser's number and date formatting data (ICU) in a worker while the page's HTML is
 * parsed. The first Intl formatter a renderer process makes loads that data, process-wide: 50–300 ms
 * with the CPU slowed 4× (1–2 ms for any formatter after it). Made on the main thread it was a long
 * task — while React hydrated the page's dates and numbers, or before the first paint when this
 * script did it in line (docs/performance.md). A worker pays it on another thread: the main thread's
 * first formatter then takes well under a millisecond. Where no worker can start, the data is loaded
 * here in line, as before.
 */
const WORKER = 'self.onmessage=function(e){try{new Intl.NumberFormat(e.data).format(1);new Intl.DateTimeFormat(e.data).format(0);new Intl.PluralRules(e.data).select(1)}catch(x){}close()}';

// Static text: nothing from the request goes into it (the locale is read from the page and posted to the worker).
const SCRIPT = `try{var l=document.documentElement.lang;try{var u=URL.createObjectURL(new Blob([${JSON.stringify(WORKER)}],{type:'text/javascript'}));new Worker(u).postMessage(l);URL.revokeObjectURL(u)}catch(e){new Intl.NumberFormat(l).format(1);new Intl.DateTimeFormat(l).format(0)}}catch(e){}`;

export function IntlWarmup({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      // The page's script nonce (lib/server/security/script-nonce.ts): the policy allows no other
      // inline script; a worker from a blob: address is allowed (worker-src, lib/server/security/headers.mjs).
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: SCRIPT }}
    />
  );
}
