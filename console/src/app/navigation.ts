/** Lets code outside React (the API layer) move the router, once the router exists. */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

/** The path to come back to after signing in again. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
