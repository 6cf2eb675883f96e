/** The project roles as offered in the settings forms, with what each may do. */
export const PROJECT_ROLE_CHOICES = [
  { value: "viewer", label: "Viewer", hint: "reads the project" },
  { value: "member", label: "Member", hint: "also uploads, labels sessions and curates memories" },
  { value: "owner", label: "Owner", hint: "also manages people, tokens and deletion" },
] as const;
