/** Lets code outside React (the api client's token-error handling, sign-out) navigate with the app's router. */
export interface NavigateOptions {
  replace?: boolean;
}
type Navigate = (to: string, options?: NavigateOptions) => Promise<void>;

let navigateImpl: Navigate = async (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

/** Resolves when the navigation has finished (the next page's code is loaded and rendered). */
export function navigateTo(to: string, options?: NavigateOptions): Promise<void> {
  return navigateImpl(to, options);
}
