import { categoryStyle } from "./category-style";

/** A memory category as a coloured pill; the text is the category name, so colour is never the only cue. */
export function CategoryBadge({ category }: { category: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${categoryStyle(category).badge}`}
    >
      {category}
    </span>
  );
}
