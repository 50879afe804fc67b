-- The co-signer's revoke (AppKit's CosignerService.revokePermissions): a permission its account
-- revoked keeps its row, status 'revoked' with the time, and nothing is prepared or sent under it again.
ALTER TABLE cosigner_permissions ADD COLUMN revoked_at bigint;
