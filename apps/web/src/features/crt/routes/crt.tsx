import { Stack, Tabs } from '@mantine/core';
import { IconCertificate, IconInbox, IconList, IconSend } from '@tabler/icons-react';
import { can, scopeOf } from '@tkc/contracts/access/permissions';
import { useSearchParams } from 'react-router';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { AuthorityPanel } from '../components/authority-panel';
import { CertificatesTable } from '../components/certificates-table';
import { CrtRequestForm } from '../components/crt-request-form';
import { useCrtText } from '../components/crt-text';
import { RequestDetailModal } from '../components/request-detail-modal';
import { RequestsTable } from '../components/requests-table';

// Certificate CAP (/cap-maker/crt/crt, docs/crt.md#web): request certificates for terminals of
// one's company, follow one's requests, decide the company's queue (crt-managers: Certificate
// CAPs and Key Certificate Groups alike), and the certificates with the company CA and its CRL.
// The tab and an open request live in the address, so a mail's link (?request=<id>) opens it.

type Tab = 'request' | 'mine' | 'queue' | 'certificates';

export function CrtRoute() {
  const { text } = useCrtText();
  const { data: user } = useUser();
  const subject = useSubject();
  const [params, setParams] = useSearchParams();
  if (!user || !subject) return null;
  const canRequest = can(subject, 'crt.request');
  const canApprove = can(subject, 'crt.approve');
  const readsAll = scopeOf(subject, 'crt.view') === 'all';
  const tabs: Tab[] = [
    ...(canRequest ? (['request', 'mine'] as const) : []),
    ...(canApprove || readsAll ? (['queue'] as const) : []),
    'certificates',
  ];
  const asked = params.get('tab') as Tab | null;
  const fallback: Tab = canApprove ? 'queue' : (tabs[0] ?? 'certificates');
  const tab = asked && tabs.includes(asked) ? asked : fallback;
  const openId = params.get('request');

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const open = (id: string) => update({ request: id });

  return (
    <Stack gap="lg">
      <Tabs value={tab} onChange={(value) => value && update({ tab: value })} keepMounted={false}>
        <Tabs.List aria-label={text('page.tabsLabel')}>
          {canRequest && (
            <Tabs.Tab value="request" leftSection={<IconSend size={16} />}>
              {text('page.tabs.request')}
            </Tabs.Tab>
          )}
          {canRequest && (
            <Tabs.Tab value="mine" leftSection={<IconList size={16} />}>
              {text('page.tabs.mine')}
            </Tabs.Tab>
          )}
          {(canApprove || readsAll) && (
            <Tabs.Tab value="queue" leftSection={<IconInbox size={16} />}>
              {canApprove ? text('page.tabs.queue') : text('page.tabs.all')}
            </Tabs.Tab>
          )}
          <Tabs.Tab value="certificates" leftSection={<IconCertificate size={16} />}>
            {text('page.tabs.certificates')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="request" pt="lg">
          <CrtRequestForm onCreated={(id) => update({ tab: 'mine', request: id })} />
        </Tabs.Panel>
        <Tabs.Panel value="mine" pt="lg">
          <RequestsTable
            view="mine"
            label={text('page.tabs.mine')}
            timeZone={user.timezone}
            showRequester={false}
            showCompany={false}
            onOpen={open}
          />
        </Tabs.Panel>
        <Tabs.Panel value="queue" pt="lg">
          <RequestsTable
            view="all"
            label={canApprove ? text('page.tabs.queue') : text('page.tabs.all')}
            timeZone={user.timezone}
            initialStatuses={canApprove ? ['pending'] : []}
            showRequester
            showCompany={readsAll}
            onOpen={open}
          />
        </Tabs.Panel>
        <Tabs.Panel value="certificates" pt="lg">
          <Stack gap="lg">
            <AuthorityPanel companyId={user.company_id} timeZone={user.timezone} />
            <CertificatesTable timeZone={user.timezone} showCompany={readsAll} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <RequestDetailModal
        requestId={openId}
        timeZone={user.timezone}
        onClose={() => update({ request: null })}
      />
    </Stack>
  );
}

export { CrtRoute as Component };
