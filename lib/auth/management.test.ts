import { describe, expect, it } from "vitest";
import type { Access } from "./access";
import { leavesNoOwner } from "./last-owner";
import { mayRevokeToken } from "./token-revocation";

describe("leavesNoOwner", () => {
  const members = [
    { userId: 1, role: "owner" as const },
    { userId: 2, role: "member" as const },
  ];

  it("refuses to demote or remove the only owner", () => {
    expect(leavesNoOwner(members, 1, "member")).toBe(true);
    expect(leavesNoOwner(members, 1, null)).toBe(true);
  });

  it("allows changes that keep an owner", () => {
    expect(leavesNoOwner(members, 1, "owner")).toBe(false);
    expect(leavesNoOwner(members, 2, null)).toBe(false);
    expect(leavesNoOwner([...members, { userId: 3, role: "owner" }], 1, "viewer")).toBe(false);
    expect(leavesNoOwner(members, 9, "viewer")).toBe(false);
  });
});

describe("mayRevokeToken", () => {
  const person = (roles: [number, "viewer" | "member" | "owner"][], admin = false): Access => ({
    admin,
    roles: new Map(roles),
  });

  it("lets the token's owner and instance admins revoke it", () => {
    expect(mayRevokeToken({ userId: 1, access: person([]) }, { ownerId: 1, allProjects: true, projectIds: [] })).toBe(
      true,
    );
    expect(
      mayRevokeToken({ userId: 2, access: person([], true) }, { ownerId: 1, allProjects: true, projectIds: [] }),
    ).toBe(true);
  });

  it("lets an owner of every project the token is limited to revoke it", () => {
    const owner = {
      userId: 2,
      access: person([
        [10, "owner"],
        [11, "owner"],
      ]),
    };
    expect(mayRevokeToken(owner, { ownerId: 1, allProjects: false, projectIds: [10, 11] })).toBe(true);
    expect(mayRevokeToken(owner, { ownerId: 1, allProjects: false, projectIds: [10, 12] })).toBe(false);
    expect(mayRevokeToken(owner, { ownerId: 1, allProjects: true, projectIds: [] })).toBe(false);
    expect(mayRevokeToken(owner, { ownerId: 1, allProjects: false, projectIds: [] })).toBe(false);
  });

  it("never lets a token administer, even an admin's", () => {
    const token: Access = { admin: true, roles: new Map(), token: { permissions: ["read", "ingest"], projects: null } };
    expect(mayRevokeToken({ userId: 2, access: token }, { ownerId: 1, allProjects: false, projectIds: [10] })).toBe(
      false,
    );
  });
});
