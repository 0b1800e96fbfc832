import type { ListResult } from '../envelope';
import { toListParams } from '../list-query';
import { CMS_PREFIX } from '../routes';
import type { Category, CategoryInput, CategoryOrderField } from '../contracts/category';
import type { ClientImportJob } from '../contracts/client';
import type { Coupon, CouponInput, CouponOrderField } from '../contracts/coupon';
import type { Event, EventDependents, EventInput, EventOrderField } from '../contracts/event';
import type { CmsLecture, LectureInput, LectureOrderField } from '../contracts/lecture';
import type { LanguagePack } from '../contracts/language';
import type { Language, SitePageKey } from '../constants';
import type { Log, LogOrderField } from '../contracts/log';
import type { Media, MediaInput, MediaOrderField } from '../contracts/media';
import type { z } from 'zod';
import type { grantInputSchema, Order, orderActionInputSchema } from '../contracts/order';
import type { DashboardRangeQuery, EventDashboard, GeneralDashboard } from '../contracts/dashboard';
import type { EmailMessage, EmailOrderField } from '../contracts/email';
import type { Job, JobKindSummary, JobListQuery } from '../contracts/job';
import {
  categoryPaths,
  clientPaths,
  couponPaths,
  dashboardPaths,
  emailPaths,
  eventPaths,
  fillPath,
  jobPaths,
  languagePaths,
  lecturePaths,
  logPaths,
  mediaPaths,
  orderPaths,
  productPaths,
  roomPaths,
  sitePagePaths,
  speakerPaths,
  sponsorPaths,
  standPaths,
  userPaths,
} from '../contracts/paths';
import type { Product, ProductInput, ProductOrderField } from '../contracts/product';
import type { Room, RoomInput, RoomOrderField } from '../contracts/room';
import type { CmsSitePage, SitePageInput } from '../contracts/site-page';
import type { Speaker, SpeakerInput, SpeakerOrderField } from '../contracts/speaker';
import type { Sponsor, SponsorInput, SponsorOrderField } from '../contracts/sponsor';
import type { ChatSummary, ChatUnanswered, StandContact } from '../contracts/chat';
import { chatPaths, standReportPaths } from '../contracts/paths';
import type { StandReport, StandReportQuery } from '../contracts/stand-report';
import type { Stand, StandAttendant, StandAttendantInput, StandInput, StandOrderField } from '../contracts/stand';
import type { StaffUser, StaffUserInput, StaffUserOrderField, StaffUserUpdate } from '../contracts/user';
import { toFormData, uploadConfig, type Http, type PageQuery, type UploadOptions } from './http';

/** An admin's refund or manual PIX confirmation (its note goes to the order's history). */
type OrderActionInput = z.input<typeof orderActionInputSchema>;
/** A place given to a client: an order paid at zero. */
type GrantInput = z.input<typeof grantInputSchema>;

/** What a delete by ids answers. */
export interface DeleteAnswer {
  ids: number[];
  count: number;
}

/** The back office's API (/api/cms/v1, staff token). */
export const cmsClient = ({ call, data }: Http) => {
  const cms = (path: string) => `${CMS_PREFIX}${path}`;
  /**
   * A back-office resource under /api/cms/v1 (list, get, create, update, delete by ids). A save
   * takes the input as JSON, or a FormData (multipart, see `toFormData`) for a save with files;
   * `options` follows its upload progress and cancels it.
   */
  const resource = <Row, Input = Partial<Row>, F extends string = string>(path: string) => ({
    list: (query: PageQuery<F> = {}, filters: Record<string, string | number> = {}) =>
      data<ListResult<Row>>({ method: 'GET', url: cms(path), params: { ...filters, ...toListParams(query) } }),
    get: (id: number) => data<Row>({ method: 'GET', url: `${cms(path)}/${id}` }),
    create: (input: Input | FormData, options?: UploadOptions) =>
      call<Row>({ method: 'POST', url: cms(path), data: input, ...(options ? uploadConfig(options) : {}) }),
    update: (id: number, input: Partial<Input> | FormData, options?: UploadOptions) =>
      call<Row>({ method: 'PUT', url: `${cms(path)}/${id}`, data: input, ...(options ? uploadConfig(options) : {}) }),
    remove: (ids: number[]) => call<DeleteAnswer>({ method: 'DELETE', url: cms(path), params: { ids: ids.join(',') } }),
  });

  return {
    me: () => data<StaffUser>({ method: 'GET', url: cms(userPaths.me) }),
    resource,
    /** The resources of the back office, on the contract's paths. */
    users: resource<StaffUser, StaffUserInput & Pick<StaffUserUpdate, 'loginLocked'>, StaffUserOrderField>(userPaths.cms),
    categories: resource<Category, CategoryInput, CategoryOrderField>(categoryPaths.cms),
    /** Events: saves are multipart (`imageFile`, `bannerFile`, `thumbFile` and their remove flags). */
    events: {
      ...resource<Event, EventInput, EventOrderField>(eventPaths.cms),
      /** An event as its editor reads it, published or not. */
      getPrivate: (id: number) => data<Event>({ method: 'GET', url: cms(fillPath(eventPaths.private, { id })) }),
      /** What deleting the event takes with it (the confirmation names each count above zero). */
      dependents: (id: number) => data<EventDependents>({ method: 'GET', url: cms(fillPath(eventPaths.dependents, { id })) }),
    },
    /** An event's rooms (list filter `eventId`). */
    rooms: resource<Room, RoomInput, RoomOrderField>(roomPaths.cms),
    /** Stands (list filter `eventId`; saves multipart with `image`/`removeImage`) and their attendants. */
    stands: {
      ...resource<Stand, StandInput, StandOrderField>(standPaths.cms),
      attendants: {
        list: (standId: number) =>
          data<ListResult<StandAttendant>>({ method: 'GET', url: cms(fillPath(standPaths.attendants, { id: standId })) }),
        add: (standId: number, input: StandAttendantInput) =>
          call<StandAttendant>({ method: 'POST', url: cms(fillPath(standPaths.attendants, { id: standId })), data: input }),
        remove: (standId: number, ids: number[]) =>
          call<DeleteAnswer>({
            method: 'DELETE',
            url: cms(fillPath(standPaths.attendants, { id: standId })),
            params: { ids: ids.join(',') },
          }),
      },
    },
    /** A stand's inbox (SPEC §7 stand chats): its chats, newest first, and its contact requests. */
    chats: {
      list: (standId: number) =>
        data<ListResult<ChatSummary>>({
          method: 'GET',
          url: cms(fillPath(chatPaths.standChats, { id: standId })),
          params: { includeClients: 'true', hasLastMessage: 'true', order: 'updatedAt:desc' },
        }),
      contacts: (standId: number) =>
        data<ListResult<StandContact>>({ method: 'GET', url: cms(fillPath(chatPaths.standContacts, { id: standId })) }),
      /** The signed-in attendant's chats waiting for an answer (the menu's count). */
      unanswered: () => data<ChatUnanswered>({ method: 'GET', url: cms(chatPaths.unanswered) }),
      /** The signed-in attendant's conversations across their stands, newest first (decision 104). */
      inbox: () => data<ListResult<ChatSummary>>({ method: 'GET', url: cms(chatPaths.inbox) }),
    },
    /** A stand's media (list filter `standId`; saves multipart with `file`/`removeFile`). */
    medias: resource<Media, MediaInput, MediaOrderField>(mediaPaths.cms),
    /** A stand's products and services (list filter `standId`; saves multipart with `image`/`removeImage`). */
    products: resource<Product, ProductInput, ProductOrderField>(productPaths.cms),
    /** An event's sponsors (list filter `eventId`; saves multipart with `image`/`removeImage`). */
    sponsors: resource<Sponsor, SponsorInput, SponsorOrderField>(sponsorPaths.cms),
    /** An event's lectures (list filters `eventId`, `roomId`; JSON saves). */
    lectures: resource<CmsLecture, LectureInput, LectureOrderField>(lecturePaths.cms),
    /** An event's speakers (list filter `eventId`; saves multipart with `image`/`removeImage`). */
    speakers: resource<Speaker, SpeakerInput, SpeakerOrderField>(speakerPaths.cms),
    /** An event's coupons (list filter `eventId`; JSON saves). */
    coupons: resource<Coupon, CouponInput, CouponOrderField>(couponPaths.cms),
    logs: resource<Log, Partial<Log>, LogOrderField>(logPaths.cms),
    /**
     * 'Pedidos' (admin, decision 045): the orders are read as a resource (list filters `status`,
     * `eventId`, `method`, `from`, `to`); these are its actions: a refund of a paid order, the
     * receipt of a manual PIX, and a place given to a client (an order paid at zero). Each answers the order.
     */
    /** The organiser's dashboards (admin, decision 048): 'Geral' and an event's, for a range of days. */
    dashboards: {
      general: (range: DashboardRangeQuery = {}) =>
        data<GeneralDashboard>({ method: 'GET', url: cms(dashboardPaths.general), params: range }),
      event: (id: number, range: DashboardRangeQuery = {}) =>
        data<EventDashboard>({ method: 'GET', url: cms(fillPath(dashboardPaths.event, { id })), params: range }),
    },
    orders: {
      refund: (id: number, input: OrderActionInput) =>
        call<Order>({ method: 'POST', url: cms(fillPath(orderPaths.refund, { id })), data: input }),
      confirm: (id: number, input: OrderActionInput) =>
        call<Order>({ method: 'POST', url: cms(fillPath(orderPaths.confirm, { id })), data: input }),
      grant: (input: GrantInput) => call<Order>({ method: 'POST', url: cms(orderPaths.grant), data: input }),
    },
    /**
     * The clients' spreadsheet imports (admin): `upload` sends the file (multipart `excelFile`) and
     * answers the queued job at once (202); `list` the jobs, newest first; `get` one job with its
     * first rejected rows, polled while it runs. The report (XLSX) is a file, fetched as a blob.
     */
    clientImports: {
      upload: (file: Blob, options?: UploadOptions) =>
        call<ClientImportJob>({
          method: 'POST',
          url: cms(clientPaths.upload),
          data: toFormData({ excelFile: file }),
          ...uploadConfig(options),
        }),
      list: (query: Pick<PageQuery, 'limit' | 'offset'> = {}) =>
        data<ListResult<ClientImportJob>>({ method: 'GET', url: cms(clientPaths.imports), params: query }),
      get: (id: number) => data<ClientImportJob>({ method: 'GET', url: cms(fillPath(clientPaths.importJob, { id })) }),
      reportUrl: (id: number) => cms(fillPath(clientPaths.importReport, { id })),
    },
    /** The language packs of /cms/idiomas: each code's files, an upload (multipart `file`, JSON), a rollback. */
    languages: {
      list: () => data<LanguagePack[]>({ method: 'GET', url: cms(languagePaths.cms) }),
      upload: (code: Language, file: Blob, options?: UploadOptions) => {
        const form = new FormData();
        form.append('file', file, typeof File !== 'undefined' && file instanceof File ? file.name : `${code}.json`);
        return call<LanguagePack>({
          method: 'PUT',
          url: cms(fillPath(languagePaths.one, { code })),
          data: form,
          ...(options ? uploadConfig(options) : {}),
        });
      },
      rollback: (code: Language) => call<LanguagePack>({ method: 'POST', url: cms(fillPath(languagePaths.rollback, { code })) }),
    },
    /** The exhibitor report of a stand (decision 049): its figures over a range of the event's days (the files: `standReportPaths.export`). */
    standReport: (standId: number, range: StandReportQuery = {}) =>
      data<StandReport>({
        method: 'GET',
        url: cms(fillPath(standReportPaths.one, { id: standId })),
        params: { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) },
      }),
    /** 'Tarefas' (admin, decision 079): the jobs by kind and state, each kind's counts, a dead job queued again. */
    jobs: {
      list: (query: Partial<JobListQuery> & { search?: string }) =>
        data<ListResult<Job>>({ method: 'GET', url: cms(jobPaths.cms), params: query }),
      summary: () => data<JobKindSummary[]>({ method: 'GET', url: cms(jobPaths.summary) }),
      retry: (id: string) => call<Job>({ method: 'POST', url: cms(fillPath(jobPaths.retry, { id })) }),
    },
    /** 'E-mails' (admin, decision 081): the messages as a resource (list filter `status`), and 'Reenviar' of a failed one. */
    emails: {
      ...resource<EmailMessage, never, EmailOrderField>(emailPaths.cms),
      resend: (id: number) => call<EmailMessage>({ method: 'POST', url: cms(fillPath(emailPaths.resend, { id })) }),
    },
    /** The site's written pages of /cms/paginas (terms of use, about us): read (empty until written) and written whole. */
    pages: {
      get: (page: SitePageKey) => data<CmsSitePage>({ method: 'GET', url: cms(fillPath(sitePagePaths.cms, { page })) }),
      save: (page: SitePageKey, input: SitePageInput) =>
        call<CmsSitePage>({ method: 'PUT', url: cms(fillPath(sitePagePaths.cms, { page })), data: input }),
    },
  };
};
