-- Indexes Strapi does not create, applied on every start (idempotent).
-- Strapi's $containsi is `LOWER(CAST(col AS VARCHAR)) LIKE LOWER(?)` on PostgreSQL, so the
-- search indexes are trigram indexes on exactly that expression (a plain trigram index on
-- the column is not used by it; those serve ILIKE). B-tree indexes back sortable columns.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX IF NOT EXISTS stands_name_search ON stands USING gin ((lower(cast(name AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS stands_subtitle_search ON stands USING gin ((lower(cast(subtitle AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS events_name_search ON events USING gin ((lower(cast(name AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS rooms_name_search ON rooms USING gin ((lower(cast(name AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS sponsors_name_search ON sponsors USING gin ((lower(cast(name AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS medias_title_search ON medias USING gin ((lower(cast(title AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS clients_name_search ON clients USING gin ((lower(cast(name AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS clients_email_search ON clients USING gin ((lower(cast(email AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS staff_users_name_search ON staff_users USING gin ((lower(cast(name AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS staff_users_email_search ON staff_users USING gin ((lower(cast(email AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS categories_name_search ON categories USING gin ((lower(cast(name AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS logs_description_search ON logs USING gin ((lower(cast(description AS varchar))) gin_trgm_ops);
-- The log's search is an OR over four columns: one index each, or the OR scans the table.
CREATE INDEX IF NOT EXISTS logs_username_search ON logs USING gin ((lower(cast(username AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS logs_email_search ON logs USING gin ((lower(cast(email AS varchar))) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS logs_ip_search ON logs USING gin ((lower(cast(ip AS varchar))) gin_trgm_ops);

CREATE INDEX IF NOT EXISTS stands_name_trgm ON stands USING gin (name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS stands_subtitle_trgm ON stands USING gin (subtitle gin_trgm_ops);
CREATE INDEX IF NOT EXISTS stands_name_idx ON stands (name);
CREATE INDEX IF NOT EXISTS stands_position_idx ON stands (position);
CREATE INDEX IF NOT EXISTS stands_type_idx ON stands (type);

CREATE INDEX IF NOT EXISTS events_name_trgm ON events USING gin (name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS events_name_idx ON events (name);
CREATE INDEX IF NOT EXISTS events_start_date_idx ON events (start_date);

CREATE INDEX IF NOT EXISTS rooms_name_trgm ON rooms USING gin (name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS rooms_number_idx ON rooms (number);

CREATE INDEX IF NOT EXISTS sponsors_name_trgm ON sponsors USING gin (name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS sponsors_position_idx ON sponsors (position);

CREATE INDEX IF NOT EXISTS medias_title_trgm ON medias USING gin (title gin_trgm_ops);

-- No plain trigram indexes on clients: nothing searches them with ILIKE, and each GIN index
-- costs every insert (a 100,000-row import spent most of its time in four; decision 022).
DROP INDEX IF EXISTS clients_name_trgm;
DROP INDEX IF EXISTS clients_email_trgm;
-- Lists order by a field then id (decision 043): (field, id) serves the order and the page.
DROP INDEX IF EXISTS clients_name_idx;
CREATE INDEX IF NOT EXISTS clients_name_id_idx ON clients (name, id);
CREATE INDEX IF NOT EXISTS clients_created_at_idx ON clients (created_at);

CREATE INDEX IF NOT EXISTS staff_users_name_trgm ON staff_users USING gin (name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS categories_name_trgm ON categories USING gin (name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS logs_created_at_idx ON logs (created_at);
CREATE INDEX IF NOT EXISTS page_views_created_at_idx ON page_views (created_at);

-- Strapi's `unique: true` is checked by its entity service only and creates no constraint:
-- these make duplicates impossible, also under concurrent requests (answered 409).
CREATE UNIQUE INDEX IF NOT EXISTS staff_users_email_unique ON staff_users (lower(email));
CREATE UNIQUE INDEX IF NOT EXISTS clients_email_unique ON clients (lower(email));
-- A calendar feed is found by its secret's hash (decision 108): one row, never a scan of the clients.
CREATE UNIQUE INDEX IF NOT EXISTS clients_calendar_feed_hash_unique ON clients (calendar_feed_hash);
CREATE UNIQUE INDEX IF NOT EXISTS sessions_jti_unique ON sessions (jti);
CREATE UNIQUE INDEX IF NOT EXISTS coupons_code_unique ON coupons (code);
-- The live chat: one chat per stand and client, a retried message stored once (decision 026).
CREATE UNIQUE INDEX IF NOT EXISTS chats_key_unique ON chats (key);
CREATE UNIQUE INDEX IF NOT EXISTS chat_messages_dedup_key_unique ON chat_messages (dedup_key);
-- Lecture watching: one watch session per client and lecture, upserted by the heartbeats' batches (decision 047).
CREATE UNIQUE INDEX IF NOT EXISTS watch_sessions_key_unique ON watch_sessions (key);
-- Commerce (decision 045): the expiry sweep reads pending orders by deadline; a webhook finds
-- its charge by the provider's reference; the orders list sorts by date.
CREATE INDEX IF NOT EXISTS orders_status_expires_at_idx ON orders (status, expires_at);
CREATE INDEX IF NOT EXISTS orders_created_at_idx ON orders (created_at);
CREATE INDEX IF NOT EXISTS payments_provider_ref_idx ON payments (provider_ref);
-- Attendance certificates: codes unique, one certificate per client and event (decision 050).
CREATE UNIQUE INDEX IF NOT EXISTS certificates_code_unique ON certificates (code);
CREATE UNIQUE INDEX IF NOT EXISTS certificates_key_unique ON certificates (key);
-- Dashboards (decision 048): who watched a lecture in each minute, written by the heartbeats'
-- batches with the watch sessions (one row per session and minute: peak concurrent watchers).
-- A row names a watch session, never a client: erasure leaves it, the session's deletion takes it.
CREATE TABLE IF NOT EXISTS watch_minutes (
  lecture_id integer NOT NULL,
  minute bigint NOT NULL,
  session_id integer NOT NULL REFERENCES watch_sessions (id) ON DELETE CASCADE,
  PRIMARY KEY (lecture_id, minute, session_id)
);
CREATE INDEX IF NOT EXISTS watch_minutes_session_idx ON watch_minutes (session_id);
-- The dashboards read an event's sessions by their last heartbeat (online now).
CREATE INDEX IF NOT EXISTS watch_sessions_last_heartbeat_at_idx ON watch_sessions (last_heartbeat_at);
CREATE INDEX IF NOT EXISTS chats_created_at_idx ON chats (created_at);
CREATE INDEX IF NOT EXISTS orders_paid_at_idx ON orders (paid_at);
-- Dashboards (decisions 048 and 053): page views per event, UTC hour (epoch hours), client (0:
-- anonymous), stand (0: a hall) and path, written by the page-view batches with the views; the
-- time on a page split into the hour's gaps and its last view's (tail, up to the hour of the next view).
CREATE TABLE IF NOT EXISTS page_view_hours (
  event_id integer NOT NULL,
  hour integer NOT NULL,
  client_id integer NOT NULL,
  stand_id integer NOT NULL,
  path varchar(1024) NOT NULL,
  views integer NOT NULL,
  seconds integer NOT NULL,
  tail_seconds integer NOT NULL,
  tail_until integer,
  PRIMARY KEY (event_id, hour, client_id, stand_id, path)
);
-- A client's rows (the batch's recount, erasure).
CREATE INDEX IF NOT EXISTS page_view_hours_client_idx ON page_view_hours (client_id, event_id, hour);
-- A stand's rows carry the client and the views, so the report reads the index alone (an
-- index-only scan, no visit to the table's pages: 0.77 s -> 0.2 s on the bench's data).
CREATE INDEX IF NOT EXISTS page_view_hours_stand_views_idx ON page_view_hours (stand_id, hour, client_id, views);
DROP INDEX IF EXISTS page_view_hours_stand_idx;
-- The event dashboard's summary of page_view_hours per event, hour and place (decision 060): the
-- views, the seconds within the hour, the tails as JSON [[until hour, seconds], ...] and the
-- signed-in clients as a sorted delta-varint set. Made again from page_view_hours when its hour is
-- stale: every writer of page_view_hours marks the (event, hour) pairs it changed, with a version
-- the rebuild checks before it clears the mark.
CREATE TABLE IF NOT EXISTS page_view_place_hours (
  event_id integer NOT NULL,
  hour integer NOT NULL,
  stand_id integer NOT NULL,
  path varchar(1024) NOT NULL,
  views bigint NOT NULL,
  seconds bigint NOT NULL,
  tails text NOT NULL,
  clients bytea NOT NULL,
  PRIMARY KEY (event_id, hour, stand_id, path)
);
-- 'Geral' reads every event's rows of a range.
CREATE INDEX IF NOT EXISTS page_view_place_hours_hour_idx ON page_view_place_hours (hour);
CREATE TABLE IF NOT EXISTS page_view_hours_stale (
  event_id integer NOT NULL,
  hour integer NOT NULL,
  version integer NOT NULL,
  PRIMARY KEY (event_id, hour)
);
-- Page views written by the batches and not yet in page_view_hours (decision 075): the batch
-- only adds its view ids here; a drain rolls them up off the visitors' path, 2,000 at a time,
-- within PAGE_VIEWS_ROLLUP_MS and before every read that must be exact.
CREATE TABLE IF NOT EXISTS page_view_rollup_pending (
  view_id integer NOT NULL PRIMARY KEY
);
-- E-mails about one thing happening once (decision 109): one message per order and kind, per certificate.
CREATE UNIQUE INDEX IF NOT EXISTS email_messages_dedupe_key_unique ON email_messages (dedupe_key);
