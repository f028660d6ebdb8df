import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  LoginActivityTable,
  OrganizationTable,
  RoleTable,
  UserTable,
  WorkspaceTable,
} from '../../db/schema.js';

export type UserRow = Selectable<UserTable>;
export type RoleRow = Selectable<RoleTable>;
export type WorkspaceRow = Selectable<WorkspaceTable>;
export type OrganizationRow = Selectable<OrganizationTable>;

/** A user's place in one workspace: the workspace, its organization and the user's roles there. */
export interface Membership {
  workspaceId: string;
  workspaceName: string;
  organizationId: string;
  organizationName: string;
  customerId: string | null;
  subscriptionId: string | null;
  workspaceRoleName: string;
  workspaceRolePermissions: string;
  organizationRoleName: string | null;
}

/** SQL for people, organizations, workspaces, roles, sessions and login activity. */
export function createIdentityRepository(db: Db) {
  return {
    countUsers: async (): Promise<number> => {
      const row = await db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    findUserById: (id: string) => db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst(),
    findUserByEmail: (email: string) =>
      db.selectFrom('user').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst(),
    insertUser: (row: Insertable<UserTable>, trx: Db = db) => trx.insertInto('user').values(row).execute(),
    updateUser: (id: string, patch: Updateable<UserTable>, trx: Db = db) =>
      trx.updateTable('user').set(patch).where('id', '=', id).execute(),

    insertOrganization: (row: Insertable<OrganizationTable>, trx: Db = db) =>
      trx.insertInto('organization').values(row).execute(),
    insertWorkspace: (row: Insertable<WorkspaceTable>, trx: Db = db) =>
      trx.insertInto('workspace').values(row).execute(),
    insertRole: (row: Insertable<RoleTable>, trx: Db = db) => trx.insertInto('role').values(row).execute(),
    findGlobalRoleByName: (name: string, trx: Db = db) =>
      trx
        .selectFrom('role')
        .selectAll()
        .where('name', '=', name)
        .where('organizationId', 'is', null)
        .executeTakeFirst(),
    linkOrganizationUser: (
      row: {
        organizationId: string;
        userId: string;
        roleId: string;
        status: string;
        createdDate: string;
        updatedDate: string;
        createdBy: string | null;
        updatedBy: string | null;
      },
      trx: Db = db,
    ) => trx.insertInto('organization_user').values(row).execute(),
    linkWorkspaceUser: (
      row: {
        workspaceId: string;
        userId: string;
        roleId: string;
        status: string;
        createdDate: string;
        updatedDate: string;
        createdBy: string | null;
        updatedBy: string | null;
        lastLogin: string | null;
      },
      trx: Db = db,
    ) => trx.insertInto('workspace_user').values(row).execute(),
    touchWorkspaceLogin: (workspaceId: string, userId: string, at: string) =>
      db
        .updateTable('workspace_user')
        .set({ lastLogin: at })
        .where('workspaceId', '=', workspaceId)
        .where('userId', '=', userId)
        .execute(),

    async isWorkspaceMember(userId: string, workspaceId: string): Promise<boolean> {
      const row = await db
        .selectFrom('workspace_user')
        .select('userId')
        .where('userId', '=', userId)
        .where('workspaceId', '=', workspaceId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** All workspaces the user belongs to, oldest first, with roles. */
    listMemberships: (userId: string): Promise<Membership[]> =>
      db
        .selectFrom('workspace_user as wu')
        .innerJoin('workspace as w', 'w.id', 'wu.workspaceId')
        .innerJoin('organization as o', 'o.id', 'w.organizationId')
        .innerJoin('role as wr', 'wr.id', 'wu.roleId')
        .leftJoin('organization_user as ou', (join) =>
          join.onRef('ou.organizationId', '=', 'o.id').onRef('ou.userId', '=', 'wu.userId'),
        )
        .leftJoin('role as orole', 'orole.id', 'ou.roleId')
        .select([
          'w.id as workspaceId',
          'w.name as workspaceName',
          'o.id as organizationId',
          'o.name as organizationName',
          'o.customerId as customerId',
          'o.subscriptionId as subscriptionId',
          'wr.name as workspaceRoleName',
          'wr.permissions as workspaceRolePermissions',
          'orole.name as organizationRoleName',
        ])
        .where('wu.userId', '=', userId)
        .where('wu.status', '=', 'active')
        .orderBy('w.createdDate', 'asc')
        .execute(),

    insertSession: (row: {
      id: string;
      userId: string;
      activeWorkspaceId: string;
      createdDate: string;
      expiresAt: string;
    }) =>
      db
        .insertInto('login_session')
        .values({ ...row, revokedAt: null })
        .execute(),
    findSession: (id: string) =>
      db.selectFrom('login_session').selectAll().where('id', '=', id).executeTakeFirst(),
    revokeSession: (id: string, at: string) =>
      db
        .updateTable('login_session')
        .set({ revokedAt: at })
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .execute(),
    /** Revokes every live session of a user except `keep` (after a password change or reset). */
    revokeUserSessions: (userId: string, at: string, keep?: string, trx: Db = db) => {
      let query = trx
        .updateTable('login_session')
        .set({ revokedAt: at })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null);
      if (keep) query = query.where('id', '!=', keep);
      return query.execute();
    },
    deleteExpiredSessions: (now: string) =>
      db.deleteFrom('login_session').where('expiresAt', '<', now).execute(),

    recordLoginActivity: (row: Insertable<LoginActivityTable>) =>
      db.insertInto('login_activity').values(row).execute(),
    listLoginActivity: (limit: number) =>
      db.selectFrom('login_activity').selectAll().orderBy('attemptedDateTime', 'desc').limit(limit).execute(),
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
