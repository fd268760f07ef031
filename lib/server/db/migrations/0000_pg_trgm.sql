-- Trigram matching for the missions' free-text search (GIN index on mission.search_text).
-- pg_trgm ships with PostgreSQL's contrib modules (embedded-postgres included) and is a trusted
-- extension (PostgreSQL >= 13): a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
