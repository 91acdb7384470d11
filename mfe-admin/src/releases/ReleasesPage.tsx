import { useState } from 'react';
import {
  apiErrorMessage,
  Button,
  call,
  type Column,
  DataTable,
  type DeployToken,
  notify,
  type ReleasedRemote,
  type Release,
  type RemoteReleases,
  urlOf,
  useLoad,
} from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import { DateTime } from '../common/DateTime';
import { AdminLayout } from '../layout/AdminLayout';
import styles from './Releases.module.css';
import { RELEASED_REMOTES } from '@shop/shared/src/contract';

export const RELEASES_FAILED = 'Failed to fetch the releases';

const share = (r: Release) => (r.views ? `${((r.errors / r.views) * 100).toFixed(1)} %` : '–');

/** A release's numbers: page views, error reports, their share. */
function Health({ release }: { release: Release }) {
  return (
    <span className={adminStyles.muted}>
      {release.views.toLocaleString('en-US')} views, {release.errors.toLocaleString('en-US')} errors ({share(release)})
    </span>
  );
}

/** One remote: its stable, its canary with its share (Set share, Promote, Roll back), and the releases before. */
function RemoteCard({ remote, onChanged }: { remote: RemoteReleases; onChanged: () => void }) {
  // The field as typed; the share used is it as a whole number from 1 to 99.
  const [shareText, setShareText] = useState(String(remote.percent || 10));
  const percent = Math.max(1, Math.min(99, Math.round(Number(shareText)) || 1));
  const [busy, setBusy] = useState(false);
  const act = async (what: string, run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
      notify.success(what);
      onChanged();
    } catch (error) {
      notify.error(apiErrorMessage(error, `Could not ${what.toLowerCase()}`));
    } finally {
      setBusy(false);
    }
  };
  const promote = (version: string, to?: number) =>
    act(to ? `${remote.remote} ${version}: canary for ${to} %` : `${remote.remote} ${version} live for everyone`, () => call('promoteRelease', { params: { remote: remote.remote as ReleasedRemote }, body: to ? { version, percent: to } : { version } }));
  const rollback = () => act(`${remote.remote} rolled back`, () => call('rollbackRelease', { params: { remote: remote.remote as ReleasedRemote } }));
  const columns: Column<Release>[] = [
    { header: 'Version', cell: (r) => <code>{r.version}</code> },
    { header: 'Registered', cell: (r) => <DateTime iso={r.createdAt} /> },
    { header: 'By', cell: (r) => r.createdBy },
    { header: 'Status', cell: (r) => (r.status === 'past' ? 'Earlier stable' : 'Not live') },
    {
      header: 'Actions',
      cell: (r) => (
        <div className={adminStyles.rowActions}>
          <Button size="small" variant="secondary" disabled={busy} onClick={() => void promote(r.version, percent)} aria-label={`Canary ${percent} % for ${r.version}`}>
            Canary {percent} %
          </Button>
          <Button size="small" disabled={busy} onClick={() => void promote(r.version)} aria-label={`Promote ${r.version} to everyone`}>
            Promote
          </Button>
        </div>
      ),
    },
  ];
  const shareId = `share-${remote.remote}`;
  return (
    <section className={styles.card} aria-labelledby={`remote-${remote.remote}`}>
      <h2 id={`remote-${remote.remote}`}>{remote.remote}</h2>
      <dl className={styles.live}>
        <dt>Stable</dt>
        <dd>{remote.stable ? <><code>{remote.stable.version}</code> <Health release={remote.stable} /></> : 'No release yet'}</dd>
        <dt>Canary</dt>
        <dd>
          {remote.canary ? (
            <>
              <code>{remote.canary.version}</code> for {remote.percent} % of visitors <Health release={remote.canary} />
            </>
          ) : (
            'None'
          )}
        </dd>
      </dl>
      <div className={adminStyles.inline}>
        <label htmlFor={shareId} className={adminStyles.label}>Canary share (%)</label>
        <input id={shareId} className={styles.percent} type="number" min={1} max={99} value={shareText} onChange={(e) => setShareText(e.target.value)} />
        {remote.canary && (
          <>
            <Button size="small" variant="secondary" disabled={busy} onClick={() => void promote(remote.canary!.version, percent)}>Set share</Button>
            <Button size="small" disabled={busy} onClick={() => void promote(remote.canary!.version)}>Promote canary to everyone</Button>
          </>
        )}
        {remote.stable && (
          <Button size="small" variant="secondary" disabled={busy} onClick={() => void rollback()}>
            Roll back
          </Button>
        )}
      </div>
      {remote.history.length > 0 && <DataTable rows={remote.history} columns={columns} rowKey={(r) => r.version} caption={`Other releases of ${remote.remote}, newest first`} empty="No other release." />}
    </section>
  );
}

/** Deploy tokens: made for one remote (the secret shown once), listed by last use, revoked. */
function Tokens() {
  const tokens = useLoad(urlOf('deployTokens'), async () => (await call('deployTokens')).data, { keep: true, onError: (e) => notify.error(apiErrorMessage(e, 'Failed to fetch the deploy tokens')) });
  const [remote, setRemote] = useState<ReleasedRemote>(RELEASED_REMOTES[0]);
  const [made, setMade] = useState<{ remote: string; token: string } | null>(null);
  const create = async () => {
    try {
      const { data } = await call('createDeployToken', { body: { remote } });
      setMade({ remote, token: data.token });
      tokens.reload();
    } catch (error) {
      notify.error(apiErrorMessage(error, 'Could not make the token'));
    }
  };
  const revoke = async (t: DeployToken) => {
    try {
      await call('revokeDeployToken', { params: { id: t._id } });
      notify.success(`The ${t.remote} token is revoked`);
      tokens.reload();
    } catch (error) {
      notify.error(apiErrorMessage(error, 'Could not revoke the token'));
    }
  };
  const columns: Column<DeployToken>[] = [
    { header: 'Remote', cell: (t) => t.remote },
    { header: 'Last used', cell: (t) => (t.lastUsedAt ? <DateTime iso={t.lastUsedAt} /> : 'Never') },
    { header: 'Made', cell: (t) => <DateTime iso={t.createdAt} /> },
    { header: 'By', cell: (t) => t.createdBy ?? '–' },
    { header: 'Actions', cell: (t) => <Button size="small" variant="secondary" onClick={() => void revoke(t)} aria-label={`Revoke the ${t.remote} token made ${t.createdAt}`}>Revoke</Button> },
  ];
  return (
    <section className={styles.card} aria-labelledby="deploy-tokens">
      <h2 id="deploy-tokens">Deploy tokens</h2>
      <div className={adminStyles.inline}>
        <label htmlFor="token-remote" className={adminStyles.label}>Remote</label>
        <select id="token-remote" className={styles.remote} value={remote} onChange={(e) => setRemote(e.target.value as ReleasedRemote)}>
          {RELEASED_REMOTES.map((r) => (
            <option key={r} value={r}>{r}</option>
          ))}
        </select>
        <Button size="small" onClick={() => void create()}>Make a token</Button>
      </div>
      {made && (
        <p className={styles.secret} role="status">
          The {made.remote} token, shown this once: <code>{made.token}</code>
        </p>
      )}
      <DataTable rows={tokens.data ?? []} columns={columns} rowKey={(t) => t._id} caption="Deploy tokens in use, the last used first" empty="No deploy token yet." />
    </section>
  );
}

/**
 * /releases (issue 36, super admin): each remote's stable and canary with their views and errors, the
 * releases before; Promote, Set share, Roll back; the deploy tokens the teams' CLI uses. The API
 * records every change in the audit log.
 */
export default function ReleasesPage() {
  const releases = useLoad(urlOf('releases'), async () => (await call('releases')).data, { keep: true, onError: (e) => notify.error(apiErrorMessage(e, RELEASES_FAILED)) });
  return (
    <AdminLayout title="Releases" actions={<Button variant="secondary" size="small" onClick={releases.reload} disabled={releases.status === 'loading'}>Refresh</Button>}>
      {releases.data?.map((remote) => <RemoteCard key={remote.remote} remote={remote} onChanged={releases.reload} />)}
      {releases.status === 'succeeded' && <Tokens />}
    </AdminLayout>
  );
}
