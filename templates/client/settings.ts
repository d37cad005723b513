import type { ClientSettings } from "../../src/assets/client-settings.ts";

/** The site's settings (form, toast, tag manager): the build writes them in place of this placeholder. */
export const settings = JSON.parse("__GOPHER_SITE_SETTINGS__") as ClientSettings;
