-- mailbox_message: a mail inside an Outlook data file (.pst/.ost), a child document of the
-- mailbox as an attachment is of its mail (stages/convert/children.py).
ALTER TABLE source_objects DROP CONSTRAINT source_objects_child_relation_check;
ALTER TABLE source_objects ADD CONSTRAINT source_objects_child_relation_check
    CHECK (child_relation IN ('zip_entry', 'email_attachment', 'mailbox_message'));
