import { describe, expect, it } from "vitest";
import {
  can,
  canCreateProject,
  canReadGlobal,
  canUploadSomewhere,
  isInstanceAdmin,
  readableProjects,
  type Access,
  type Action,
  type Role,
  type TokenPermission,
} from "./access";

const ACTIONS: Action[] = ["read", "ingest", "curate", "manage"];
/** The project the person has a role in, and one they have no role in. */
const HOME = 1;
const OTHER = 2;

function person(role: Role | null, admin = false): Access {
  return { admin, roles: new Map(role ? [[HOME, role]] : []) };
}

function withToken(access: Access, permissions: TokenPermission[], projects: number[] | null = null): Access {
  return { ...access, token: { permissions, projects } };
}

/** The actions `can` allows in a project, in ACTIONS order. */
const allowed = (access: Access, projectId: number) => ACTIONS.filter((action) => can(access, action, projectId));

describe("can, signed in (no token)", () => {
  it.each([
    ["viewer", person("viewer"), ["read"]],
    ["member", person("member"), ["read", "ingest", "curate"]],
    ["owner", person("owner"), ["read", "ingest", "curate", "manage"]],
    ["admin without a role", person(null, true), ["read", "ingest", "curate", "manage"]],
    ["admin who is a viewer", person("viewer", true), ["read", "ingest", "curate", "manage"]],
    ["nobody", person(null), []],
  ] as const)("%s in their project may %j", (_who, access, expected) => {
    expect(allowed(access, HOME)).toEqual(expected);
  });

  it("a role in one project gives nothing in another; an admin may do anything anywhere", () => {
    for (const role of ["viewer", "member", "owner"] as const) expect(allowed(person(role), OTHER), role).toEqual([]);
    expect(allowed(person(null, true), OTHER)).toEqual(ACTIONS);
    expect(allowed(person(null, true), 999)).toEqual(ACTIONS);
  });

  it("uses each project's own role", () => {
    const access: Access = {
      admin: false,
      roles: new Map<number, Role>([
        [HOME, "owner"],
        [OTHER, "viewer"],
      ]),
    };
    expect(allowed(access, HOME)).toEqual(ACTIONS);
    expect(allowed(access, OTHER)).toEqual(["read"]);
    expect(allowed(access, 3)).toEqual([]);
  });
});

describe("can, with a token", () => {
  const BOTH: TokenPermission[] = ["read", "ingest"];

  it.each([
    ["viewer", "read", ["read"]],
    ["viewer", "ingest", []],
    ["viewer", "both", ["read"]],
    ["member", "read", ["read"]],
    ["member", "ingest", ["ingest"]],
    ["member", "both", ["read", "ingest"]],
    ["owner", "read", ["read"]],
    ["owner", "ingest", ["ingest"]],
    ["owner", "both", ["read", "ingest"]],
    ["admin", "read", ["read"]],
    ["admin", "ingest", ["ingest"]],
    ["admin", "both", ["read", "ingest"]],
  ] as const)("a %s's %s token may %j, never curate or manage", (who, kind, expected) => {
    const base = who === "admin" ? person(null, true) : person(who);
    const permissions: TokenPermission[] = kind === "both" ? BOTH : [kind];
    expect(allowed(withToken(base, permissions), HOME)).toEqual(expected);
  });

  it("a token with no permissions may do nothing", () => {
    expect(allowed(withToken(person("owner"), []), HOME)).toEqual([]);
    expect(allowed(withToken(person(null, true), []), HOME)).toEqual([]);
  });

  it("is limited to its projects, even for an admin", () => {
    const adminToken = withToken(person(null, true), BOTH, [OTHER]);
    expect(allowed(adminToken, OTHER)).toEqual(["read", "ingest"]);
    expect(allowed(adminToken, HOME)).toEqual([]);

    const ownerToken = withToken(person("owner"), BOTH, [HOME]);
    expect(allowed(ownerToken, HOME)).toEqual(["read", "ingest"]);
    expect(allowed(ownerToken, OTHER)).toEqual([]);
  });

  it("never gives more than its owner has: a project it names but the owner cannot reach stays closed", () => {
    const token = withToken(person("member"), BOTH, [HOME, OTHER]);
    expect(allowed(token, HOME)).toEqual(["read", "ingest"]);
    expect(allowed(token, OTHER)).toEqual([]);
  });

  it("of someone with no role reaches nothing, whatever it says", () => {
    expect(allowed(withToken(person(null), BOTH), HOME)).toEqual([]);
    expect(allowed(withToken(person(null), BOTH, [HOME]), HOME)).toEqual([]);
  });

  it("of an admin for every project reaches any project", () => {
    expect(allowed(withToken(person(null, true), BOTH), 12_345)).toEqual(["read", "ingest"]);
  });
});

describe("isInstanceAdmin", () => {
  it("is an admin signed in, not their token and not anyone else", () => {
    expect(isInstanceAdmin(person(null, true))).toBe(true);
    expect(isInstanceAdmin(withToken(person(null, true), ["read", "ingest"]))).toBe(false);
    expect(isInstanceAdmin(person("owner"))).toBe(false);
    expect(isInstanceAdmin(withToken(person("owner"), ["read", "ingest"]))).toBe(false);
  });
});

describe("readableProjects", () => {
  const multi: Access = {
    admin: false,
    roles: new Map<number, Role>([
      [1, "viewer"],
      [2, "member"],
      [3, "owner"],
    ]),
  };

  it("is all for an admin signed in, or their read token for every project", () => {
    expect(readableProjects(person(null, true))).toBe("all");
    expect(readableProjects(withToken(person(null, true), ["read"]))).toBe("all");
    expect(readableProjects(withToken(person(null, true), ["read", "ingest"]))).toBe("all");
  });

  it("is nothing for an admin token that cannot read", () => {
    expect(readableProjects(withToken(person(null, true), ["ingest"]))).toEqual([]);
    expect(readableProjects(withToken(person(null, true), ["ingest"], [1, 3]))).toEqual([]);
  });

  it("is the listed projects for an admin's read token limited to some", () => {
    expect(readableProjects(withToken(person(null, true), ["read"], [3, 7]))).toEqual([3, 7]);
  });

  it("is the projects where a person has any role", () => {
    expect(readableProjects(multi)).toEqual([1, 2, 3]);
    expect(readableProjects(person("viewer"))).toEqual([HOME]);
    expect(readableProjects(person(null))).toEqual([]);
  });

  it("is narrowed by a person's token to its projects and the read permission", () => {
    expect(readableProjects(withToken(multi, ["read"]))).toEqual([1, 2, 3]);
    expect(readableProjects(withToken(multi, ["read"], [2, 9]))).toEqual([2]);
    expect(readableProjects(withToken(multi, ["ingest"]))).toEqual([]);
    expect(readableProjects(withToken(person(null), ["read"], [1]))).toEqual([]);
  });
});

describe("canReadGlobal", () => {
  it("is anyone signed in, and a token only with the read permission: ingest does not imply read", () => {
    expect(canReadGlobal(person(null))).toBe(true);
    expect(canReadGlobal(person(null, true))).toBe(true);
    expect(canReadGlobal(withToken(person("owner"), ["read"], [HOME]))).toBe(true);
    expect(canReadGlobal(withToken(person("owner"), ["read", "ingest"]))).toBe(true);
    expect(canReadGlobal(withToken(person("owner"), ["ingest"]))).toBe(false);
    expect(canReadGlobal(withToken(person(null, true), ["ingest"]))).toBe(false);
    expect(canReadGlobal(withToken(person("owner"), []))).toBe(false);
  });
});

describe("canCreateProject", () => {
  it("is an admin signed in, or an admin's ingest token for every project", () => {
    expect(canCreateProject(person(null, true))).toBe(true);
    expect(canCreateProject(withToken(person(null, true), ["ingest"]))).toBe(true);
    expect(canCreateProject(withToken(person(null, true), ["read", "ingest"]))).toBe(true);
  });

  it("is refused to an admin token that cannot ingest or is limited to some projects, and to everyone else", () => {
    expect(canCreateProject(withToken(person(null, true), ["read"]))).toBe(false);
    expect(canCreateProject(withToken(person(null, true), ["ingest"], [HOME]))).toBe(false);
    expect(canCreateProject(person("owner"))).toBe(false);
    expect(canCreateProject(withToken(person("owner"), ["ingest"]))).toBe(false);
    expect(canCreateProject(person(null))).toBe(false);
  });
});

describe("canUploadSomewhere", () => {
  it("is true for admins, members and owners signed in", () => {
    expect(canUploadSomewhere(person(null, true))).toBe(true);
    expect(canUploadSomewhere(person("member"))).toBe(true);
    expect(canUploadSomewhere(person("owner"))).toBe(true);
  });

  it("is false for viewers and people without a role", () => {
    expect(canUploadSomewhere(person("viewer"))).toBe(false);
    expect(canUploadSomewhere(person(null))).toBe(false);
  });

  it("with a token, needs the ingest permission in a project where its owner may upload", () => {
    expect(canUploadSomewhere(withToken(person("member"), ["ingest"]))).toBe(true);
    expect(canUploadSomewhere(withToken(person("member"), ["ingest"], [HOME]))).toBe(true);
    expect(canUploadSomewhere(withToken(person("member"), ["read"]))).toBe(false);
    expect(canUploadSomewhere(withToken(person("member"), ["ingest"], [OTHER]))).toBe(false);
    expect(canUploadSomewhere(withToken(person("viewer"), ["read", "ingest"]))).toBe(false);
    expect(canUploadSomewhere(withToken(person(null, true), ["ingest"], [OTHER]))).toBe(true);
    expect(canUploadSomewhere(withToken(person(null, true), ["read"], [OTHER]))).toBe(false);
    expect(canUploadSomewhere(withToken(person(null, true), ["read"]))).toBe(false);
  });
});
