import { Stack } from '@mantine/core';
import { IconCertificate, IconSend } from '@tabler/icons-react';
import { scopeOf } from '@tkc/contracts/access/permissions';
import type { CrtRequestDetail, CrtRequestRow } from '@tkc/contracts/api/crt-requests';
import { ApprovalPage, type ApprovalPageParts } from '@/components/approval/approval-page';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { AuthorityPanel } from '../components/authority-panel';
import { CertificatesTable } from '../components/certificates-table';
import { crtApproval } from '../components/crt-approval';
import { CrtRequestForm } from '../components/crt-request-form';
import { useCrtText } from '../components/crt-text';
import { RequestDetail } from '../components/request-detail';

// Certificate CAP (/cap-maker/crt/crt, docs/crt.md#web): request certificates for terminals of
// one's company, follow one's requests, decide the company's queue (crt-managers: Certificate
// CAPs and Key Certificate Groups alike), and the certificates with the company CA and its CRL.
// The tab and an open request live in the address, so a mail's link (?request=<id>) opens it.

const CRT_PARTS: ApprovalPageParts<CrtRequestRow, CrtRequestDetail> = {
  feature: crtApproval,
  RequestIcon: IconSend,
  RequestForm: CrtRequestForm,
  RequestDetail,
};

export function CrtRoute() {
  const { text } = useCrtText();
  const { data: user } = useUser();
  const subject = useSubject();
  if (!user || !subject) return null;
  const readsAll = scopeOf(subject, 'crt.view') === 'all';
  return (
    <ApprovalPage
      parts={CRT_PARTS}
      ownTab={{
        isOffered: true,
        value: 'certificates',
        label: text('page.tabs.certificates'),
        icon: <IconCertificate size={16} />,
        panel: (
          <Stack gap="lg">
            <AuthorityPanel companyId={user.company_id} timeZone={user.timezone} />
            <CertificatesTable timeZone={user.timezone} showCompany={readsAll} />
          </Stack>
        ),
      }}
      subject={subject}
      timeZone={user.timezone}
    />
  );
}

export { CrtRoute as Component };
