/** The text with its first letter in capitals. */
export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
