import { Stack, Tabs } from '@mantine/core';
import { IconList, IconSend } from '@tabler/icons-react';
import { scopeOf } from '@tkc/contracts/access/permissions';
import { ApprovalDetailModal } from '@/components/approval/approval-detail-modal';
import { ApprovalRequestsTable } from '@/components/approval/approval-requests-table';
import { usePageAddress } from '@/components/approval/use-page-address';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { crtApproval, kcgApproval } from '../components/crt-approval';
import { useCrtText } from '../components/crt-text';
import { KcgRequestForm } from '../components/kcg-request-form';
import { RequestDetail } from '../components/request-detail';

// Key Certificate Group (/cap-maker/crt/kcg, docs/crt.md#web): a kcg-manager or a user of the
// head-office company asks for one CAP carrying the certificates and keys of a group of the
// company's terminals, and follows the groups; a crt-manager decides them on the Certificate
// page (the mails link there).

type Tab = 'request' | 'groups';

export function KcgRoute() {
  const { text } = useCrtText();
  const { data: user } = useUser();
  const subject = useSubject();
  const { params, update } = usePageAddress();
  if (!user || !subject) return null;
  const readsAll = scopeOf(subject, 'crt.view') === 'all';
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked === 'groups' ? 'groups' : 'request';
  const openId = params.get('request');

  return (
    <Stack gap="lg">
      <Tabs value={tab} onChange={(value) => value && update({ tab: value })} keepMounted={false}>
        <Tabs.List aria-label={text('page.kcgTabsLabel')}>
          <Tabs.Tab value="request" leftSection={<IconSend size={16} />}>
            {text('page.tabs.newGroup')}
          </Tabs.Tab>
          <Tabs.Tab value="groups" leftSection={<IconList size={16} />}>
            {text('page.tabs.groups')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="request" pt="lg">
          <KcgRequestForm onCreated={(id) => update({ tab: 'groups', request: id })} />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="lg">
          <ApprovalRequestsTable
            feature={kcgApproval}
            view="all"
            label={text('page.tabs.groups')}
            timeZone={user.timezone}
            showRequester
            showCompany={readsAll}
            onOpen={(id) => update({ request: id })}
          />
        </Tabs.Panel>
      </Tabs>
      <ApprovalDetailModal
        feature={crtApproval}
        requestId={openId}
        onClose={() => update({ request: null })}
      >
        {(request) => <RequestDetail request={request} timeZone={user.timezone} />}
      </ApprovalDetailModal>
    </Stack>
  );
}

export { KcgRoute as Component };
