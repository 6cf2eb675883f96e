/** How each arm looks in every chart of the experiment page (CSS colours that follow the colour scheme). */
export const ARM_STYLE = {
  guidance: { label: "Guidance", color: "light-dark(#0284c7, #38bdf8)" },
  holdout: { label: "Holdout", color: "light-dark(#d97706, #fbbf24)" },
} as const;

export const AXIS_INK = "light-dark(#18181b, #f4f4f5)";
