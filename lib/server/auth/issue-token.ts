import "server-only";
import { getDb, type Db } from "@/db/client";
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
  input: { userId: number; name: string; permissions: TokenPermission[]; projectIds: number[] | null },
  db: Db = getDb(),
): Promise<IssuedToken> {
  const token = newApiToken();
  const prefix = tokenDisplayPrefix(token);
  const id = await insertToken({ ...input, tokenHash: secretHash(token), prefix }, db);
  return { id, token, prefix };
}
