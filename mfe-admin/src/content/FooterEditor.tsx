import { Button, type ContentFooter } from '@shop/shared';
import styles from './Content.module.css';
import { CONTENT_LIMITS as L, type FooterGroup, moved, newLink, type Problems, translationOf, withTranslation } from './draft';
import { TextField } from './fields';
import { SOCIAL_NAMES, SOCIAL_NETWORKS } from '@shop/shared/src/contract';

const GROUPS: Array<[FooterGroup, string]> = [
  ['customer', 'Customer'],
  ['information', 'Information'],
];

/** The footer's two groups of links and the shop's social accounts; an empty one is hidden on the storefront. */
export function FooterEditor({ footer, problems, onChange }: { footer: ContentFooter; problems: Problems; onChange: (footer: ContentFooter) => void }) {
  const setGroup = (group: FooterGroup, links: ContentFooter[FooterGroup]) => onChange({ ...footer, [group]: links });
  return (
    <>
      {GROUPS.map(([group, title]) => {
        const links = footer[group];
        return (
          <section key={group} className={styles.editor} aria-labelledby={`footer-${group}`}>
            <div className={styles.bar}>
              <h2 id={`footer-${group}`} style={{ margin: 0, fontSize: 'var(--text-lg)' }}>{`“${title}” links`}</h2>
              <Button variant="secondary" size="small" disabled={links.length >= L.footerLinks} onClick={() => setGroup(group, [...links, newLink()])}>{`Add ${title} link`}</Button>
            </div>
            {links.length ? (
              links.map((link, i) => {
                const name = `${title} link ${i + 1}`;
                const set = (next: typeof link) => setGroup(group, links.map((l, j) => (j === i ? next : l)));
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a link is its place in the group; its fields are controlled, so a move moves their values
                  <fieldset key={i} className={styles.item} aria-label={name}>
                    <div className={styles.row}>
                      <TextField label="Label" value={link.label} maxLength={L.footerLabel} onChange={(label) => set({ ...link, label })} />
                      <TextField label="Label (French)" lang="fr" value={translationOf(link, 'label')} placeholder={link.label} maxLength={L.footerLabel} onChange={(text) => set(withTranslation(link, 'label', text))} />
                      <TextField label="Link" value={link.url} maxLength={L.link} onChange={(url) => set({ ...link, url })} placeholder="/pages/shipping-returns" problem={problems[`${group}.${i}.url`]} />
                    </div>
                    <div className={styles.itemActions}>
                      <Button variant="secondary" size="small" disabled={i === 0} onClick={() => setGroup(group, moved(links, i, -1))} aria-label={`Move ${name.toLowerCase()} up`}>↑</Button>
                      <Button variant="secondary" size="small" disabled={i === links.length - 1} onClick={() => setGroup(group, moved(links, i, 1))} aria-label={`Move ${name.toLowerCase()} down`}>↓</Button>
                      <Button variant="secondary" size="small" onClick={() => setGroup(group, links.filter((_, j) => j !== i))} aria-label={`Remove ${name.toLowerCase()}`}>Remove</Button>
                    </div>
                  </fieldset>
                );
              })
            ) : (
              <p className={styles.none}>No link: the group shows only its title.</p>
            )}
          </section>
        );
      })}
      <section className={styles.editor} aria-labelledby="footer-social">
        <h2 id="footer-social" style={{ margin: 0, fontSize: 'var(--text-lg)' }}>Social accounts</h2>
        <p className="muted" style={{ margin: 0, fontSize: 'var(--text-sm)' }}>The address of each account's page; leave one empty to hide its icon.</p>
        <div className={`${styles.item} ${styles.row}`}>
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              type="url"
              label={SOCIAL_NAMES[network]}
              value={footer.social[network]}
              maxLength={L.link}
              placeholder={`https://www.${network}.com/…`}
              problem={problems[`social.${network}`]}
              onChange={(url) => onChange({ ...footer, social: { ...footer.social, [network]: url } })}
            />
          ))}
        </div>
      </section>
    </>
  );
}
