/** Above this width a desktop browser shows the side menu (spec 9: "allowed above 1023 px"). */
export const SIDE_MENU_MIN_WIDTH = 1024;

export interface SideMenuContext {
  isMobile: boolean;
  width: number;
  startup: string | null | undefined;
}

/** Spec 2: the menu shows when not on mobile and either the window is wider than 1023 px or a startup is set. */
export function shouldShowSideMenu({ isMobile, width, startup }: SideMenuContext): boolean {
  if (isMobile) return false;
  return width >= SIDE_MENU_MIN_WIDTH || Boolean(startup?.trim());
}
