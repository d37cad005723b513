/** On the 404 page, logs the visited path so broken links show up in the console. */
export function logNotFound(): void {
  if (document.querySelector("[data-not-found]")) console.warn(`404: no page at ${location.pathname}`);
}
