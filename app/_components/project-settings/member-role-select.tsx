"use client";

import { PROJECT_ROLE_CHOICES } from "./roles";
import { ERROR_TEXT, SELECT } from "../forms/styles";
import { useApiAction } from "../forms/use-api-action";

/** A member's role, saved as soon as it is changed. */
export function MemberRoleSelect({ slug, email, role }: { slug: string; email: string; role: string }) {
  const { pending, failure, run } = useApiAction();
  return (
    <div className="flex flex-col items-start gap-1">
      <select
        aria-label={`Role of ${email}`}
        defaultValue={role}
        key={role}
        disabled={pending}
        onChange={(event) =>
          run("PUT", `/api/v1/projects/${encodeURIComponent(slug)}/members`, { email, role: event.target.value })
        }
        className={SELECT}
      >
        {PROJECT_ROLE_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {failure && (
        <p role="alert" className={ERROR_TEXT}>
          {failure.message}
        </p>
      )}
    </div>
  );
}
