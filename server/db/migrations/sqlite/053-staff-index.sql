-- Issue 46: a new purchase request reads every admin's and the super admin's push devices (on PostgreSQL inside the
-- purchase's own statement). Without an index that finds the few staff among the users, that read scans every user.
CREATE INDEX users_staff ON users (id) WHERE is_admin = 1 OR is_super_admin = 1;
