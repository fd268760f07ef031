/**
 * Loads the browser's number and date formatting data while the page's HTML is parsed, before the
 * first paint. The first Intl formatter of a page costs 50–160 ms with the CPU slowed 4× (about
 * 15 ms for the next kind, 1–2 ms for any other after that); made while React hydrates the page's
 * dates and numbers, it was a long task of its own after the page appeared (docs/performance.md).
 */
export function IntlWarmup({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      // The page's script nonce (lib/server/security/script-nonce.ts): the policy allows no other inline script.
      nonce={nonce}
      // Static text: nothing from the request goes into it.
      dangerouslySetInnerHTML={{ __html: 'try{var l=document.documentElement.lang;new Intl.NumberFormat(l).format(1);new Intl.DateTimeFormat(l).format(0)}catch(e){}' }}
    />
  );
}
