"use client";

import { useEffect } from "react";

/**
 * Brings the element the URL's fragment names into view once the page has rendered: a link to
 * `/sessions/<id>#op-<seq>` followed inside the app arrives before the streamed page holds that row, so the
 * browser's own jump to the fragment finds nothing.
 */
export function ScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id !== "") document.getElementById(id)?.scrollIntoView({ block: "center" });
  }, []);
  return null;
}
