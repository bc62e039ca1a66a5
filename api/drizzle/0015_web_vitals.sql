CREATE TABLE "web_vitals" (
	"day" text NOT NULL,
	"route" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "web_vitals_day_route_device_metric_bucket_pk" PRIMARY KEY("day","route","device","metric","bucket")
);
