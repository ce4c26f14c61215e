CREATE TABLE "search_query_days" (
	"day" date NOT NULL,
	"query" varchar(50) NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty_searches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_query_days_day_query_pk" PRIMARY KEY("day","query"),
	CONSTRAINT "search_query_days_counts_chk" CHECK ("search_query_days"."empty_searches" >= 0 and "search_query_days"."empty_searches" <= "search_query_days"."searches")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" varchar(20) NOT NULL,
	"target" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_word_unique" UNIQUE("word")
);
--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subtitle_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_index_version" varchar(16);--> statement-breakpoint
CREATE INDEX "products_search_words_idx" ON "products" USING gin ("search_words");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";--> statement-breakpoint
-- The words are cut in JS now (lib/server/words/): the generated column's function is not needed.
DROP FUNCTION IF EXISTS product_search_text(text, text, jsonb);--> statement-breakpoint
-- The synonyms a new shop starts with (the console's 同义词 edits them; never put back once deleted).
INSERT INTO "search_synonyms" ("word", "target") VALUES
  ('移动盘', '移动硬盘'), ('加密盘', '移动硬盘'), ('u盘', '移动硬盘'), ('优盘', '移动硬盘'),
  ('耳麦', '耳机'), ('耳塞', '耳机'), ('蓝牙耳机', '耳机'), ('无线耳机', '耳机'),
  ('头戴式', '头戴'), ('头戴式耳机', '头戴耳机'), ('耳罩式', '头戴'),
  ('加密邮箱', '量子邮箱'), ('企业邮箱', '量子邮箱'), ('视频会议', '量子会议'), ('云会议', '量子会议'),
  ('即时通讯', '量子钉'), ('聊天', '量子钉'), ('身份认证', '量子身份')
ON CONFLICT ("word") DO NOTHING;
