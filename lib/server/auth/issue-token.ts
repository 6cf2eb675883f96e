import "server-only";
import type { Db } from "@/db/client";
import { insertToken } from "@/db/queries/tokens";
import type { TokenPermission } from "@/lib/auth/access";
import { newApiToken, secretHash, tokenDisplayPrefix } from "@/lib/auth/secrets";

export interface IssuedToken {
  id: number;
  /** The secret, to show once; only its hash is stored. */
  token: string;
  prefix: string;
}

/** Makes an API token for a person, limited to permissions and to projects (null: all of theirs). */
export async function issueToken(
  db: Db,
  input: { userId: number; name: string; permissions: TokenPermission[]; projectIds: number[] | null },
): Promise<IssuedToken> {
  const token = newApiToken();
  const prefix = tokenDisplayPrefix(token);
  const id = await insertToken(db, { ...input, tokenHash: secretHash(token), prefix });
  return { id, token, prefix };
}
