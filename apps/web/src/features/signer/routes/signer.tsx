import { IconKey, IconUpload } from '@tabler/icons-react';
import { can } from '@tkc/contracts/access/permissions';
import type { SignerDetail, SignerRow } from '@tkc/contracts/api/signer';
import { ApprovalPage, type ApprovalPageParts } from '@/components/approval/approval-page';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { RequestDetail } from '../components/request-detail';
import { RequestForm } from '../components/request-form';
import { signerApproval } from '../components/signer-approval';
import { useSignerText } from '../components/signer-text';
import { SigningKeys } from '../components/signing-keys';

// The Signer (/signer, docs/signer.md#web): request a signature, follow one's requests, decide
// the company's queue (managers), read every request (platform admins), and the companies'
// signing keys (platform admins). The tab and an open request live in the address, so a mail's
// link (/signer?request=<id>) opens the request.

const SIGNER_PARTS: ApprovalPageParts<SignerRow, SignerDetail> = {
  feature: signerApproval,
  RequestIcon: IconUpload,
  RequestForm,
  RequestDetail,
};

export function SignerRoute() {
  const { text } = useSignerText();
  const { data: user } = useUser();
  const subject = useSubject();
  if (!user || !subject) return null;
  return (
    <ApprovalPage
      parts={SIGNER_PARTS}
      ownTab={{
        isOffered: can(subject, 'signer.keys.manage'),
        value: 'keys',
        label: text('page.tabs.keys'),
        icon: <IconKey size={16} />,
        panel: <SigningKeys timeZone={user.timezone} />,
      }}
      subject={subject}
      timeZone={user.timezone}
    />
  );
}

export { SignerRoute as Component };
