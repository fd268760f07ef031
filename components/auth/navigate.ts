/** Leaves the page (a full navigation, so the server re-renders with the new session or flow). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
