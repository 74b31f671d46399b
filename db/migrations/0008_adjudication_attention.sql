-- 0008: a phase the rules engine could not adjudicate (issue #23). The game stays as it was
-- (the failed adjudication is rolled back); `attention` says since when and at which phase it
-- needs its game master, and is cleared by the next successful adjudication.
ALTER TABLE games ADD COLUMN attention_phase INTEGER;
ALTER TABLE games ADD COLUMN attention_since TEXT;
