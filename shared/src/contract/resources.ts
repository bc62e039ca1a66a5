// Read-only resources served with GET and an ETag (requirements#performance): the same answers as the actions
// PullFoodMenu / PullDrinkMenu and GetAppconfig, but cacheable by the browser (`Cache-Control:
// no-cache` with an ETag: an unchanged menu costs a 304 and no body) and preloadable by the page.
// No zod here: the shell and the runtime part name these paths in the first load.

export const MENU_RESOURCE = { food: '/api/menu/food', drink: '/api/menu/drink' } as const;
export const APPCONFIG_RESOURCE = '/api/appconfig';
