CREATE TABLE "sms_send_slots" (
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_send_slots_phone_purpose_pk" PRIMARY KEY("phone","purpose")
);
