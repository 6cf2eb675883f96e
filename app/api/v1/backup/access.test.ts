import { describe, expect, it } from "vitest";
import type { Access } from "@/lib/auth/access";
import { mayDownloadBackup } from "./access";

const roles = new Map([[1, "owner" as const]]);
const admin: Access = { admin: true, roles: new Map() };
const owner: Access = { admin: false, roles };

describe("mayDownloadBackup", () => {
  it("lets an instance admin signed in", () => {
    expect(mayDownloadBackup(admin)).toBe(true);
  });

  it("lets an admin's token that reads every project", () => {
    expect(mayDownloadBackup({ ...admin, token: { permissions: ["read"], projects: null } })).toBe(true);
    expect(mayDownloadBackup({ ...admin, token: { permissions: ["read", "ingest"], projects: null } })).toBe(true);
  });

  it("refuses an admin's token limited to projects, or that only uploads", () => {
    expect(mayDownloadBackup({ ...admin, token: { permissions: ["read"], projects: [1] } })).toBe(false);
    expect(mayDownloadBackup({ ...admin, token: { permissions: ["ingest"], projects: null } })).toBe(false);
  });

  it("refuses everyone who is not an admin, with or without a token", () => {
    expect(mayDownloadBackup(owner)).toBe(false);
    expect(mayDownloadBackup({ ...owner, token: { permissions: ["read", "ingest"], projects: null } })).toBe(false);
  });
});
