/** Every tab reads "<Page> · Starlight". */
export const TITLE_TEMPLATE = "%s · Starlight";

/**
 * The title of a page in the root segment (the overview, the root 404): the root layout's template reaches only
 * the segments below it, so these give the whole title.
 */
export const rootPageTitle = (page: string) => ({ absolute: TITLE_TEMPLATE.replace("%s", page) });
