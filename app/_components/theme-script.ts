/** Where the chosen theme is remembered; absent means "follow the system". */
export const THEME_STORAGE_KEY = "starlight-theme";
export const THEME_COOKIE = "starlight-theme";

export const THEME_CHOICES = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/**
 * Runs in <head> before the first paint: applies the remembered choice (localStorage, else the cookie), else the
 * system's. A constant string. The theme toggle takes over after hydration (and follows system changes).
 */
export const THEME_SCRIPT = `(function(){try{
var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
if(t!=="light"&&t!=="dark"){var m=document.cookie.match(/(?:^|; )${THEME_COOKIE}=(light|dark)(?:;|$)/);t=m?m[1]:"system"}
document.documentElement.classList.toggle("dark",t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches));
}catch(e){}})()`;
