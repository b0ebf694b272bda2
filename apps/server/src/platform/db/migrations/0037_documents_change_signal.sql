-- Every change to a document, whichever process or script writes it, moves the 'documents'
-- signal; the processes keep the footer's navigation links in memory and check the version
-- before every page (decision 070).
CREATE TRIGGER "documents_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('documents');
