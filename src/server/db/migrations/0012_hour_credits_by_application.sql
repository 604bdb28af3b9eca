-- An application's credited hours are summed in every list of applications (a school's, a foundation's,
-- the administrator's), one subquery per row shown, by the application's id. Without an index each of
-- those read every credit ever made: a page of twenty read the whole ledger twenty times once a site had
-- credited hours for a while (the plan test's fill: 200,000 credits).
CREATE INDEX "hour_credits_registration_idx" ON "hour_credits" USING btree ("registration_id");
