-- The times of a person's messages of the last minute (at most 20), so that a message and its
-- rate limit are one statement (routes/messages). A nullable column without a default: PostgreSQL
-- adds it without rewriting or scanning the table.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "recent_message_times" timestamp with time zone[];
