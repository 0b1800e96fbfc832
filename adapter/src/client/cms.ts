import type { ListResult } from '../envelope';
import { toListParams } from '../list-query';
import { CMS_PREFIX } from '../routes';
import type { Category, CategoryInput, CategoryOrderField } from '../contracts/category';
import type { Log, LogOrderField } from '../contracts/log';
import { categoryPaths, logPaths, standPaths, userPaths } from '../contracts/paths';
import type { Stand, StandOrderField } from '../contracts/stand';
import type { StaffUser, StaffUserInput, StaffUserOrderField, StaffUserUpdate } from '../contracts/user';
import type { Http, PageQuery } from './http';

/** The back office's API (/api/cms/v1, staff token). */
export const cmsClient = ({ call, data }: Http) => {
  /** A back-office resource under /api/cms/v1 (list, get, create, update, delete by ids). */
  const resource = <Row, Input = Partial<Row>, F extends string = string>(path: string) => ({
    list: (query: PageQuery<F> = {}, filters: Record<string, string | number> = {}) =>
      data<ListResult<Row>>({ method: 'GET', url: `${CMS_PREFIX}${path}`, params: { ...filters, ...toListParams(query) } }),
    get: (id: number) => data<Row>({ method: 'GET', url: `${CMS_PREFIX}${path}/${id}` }),
    create: (input: Input) => call<Row>({ method: 'POST', url: `${CMS_PREFIX}${path}`, data: input }),
    update: (id: number, input: Partial<Input>) => call<Row>({ method: 'PUT', url: `${CMS_PREFIX}${path}/${id}`, data: input }),
    remove: (ids: number[]) =>
      call<{ ids: number[]; count: number }>({ method: 'DELETE', url: `${CMS_PREFIX}${path}`, params: { ids: ids.join(',') } }),
  });

  return {
    me: () => data<StaffUser>({ method: 'GET', url: `${CMS_PREFIX}${userPaths.me}` }),
    resource,
    /** The resources of the back office, on the contract's paths. */
    users: resource<StaffUser, StaffUserInput & Pick<StaffUserUpdate, 'loginLocked'>, StaffUserOrderField>(userPaths.cms),
    categories: resource<Category, CategoryInput, CategoryOrderField>(categoryPaths.cms),
    stands: resource<Stand, Partial<Stand>, StandOrderField>(standPaths.cms),
    logs: resource<Log, Partial<Log>, LogOrderField>(logPaths.cms),
  };
};
