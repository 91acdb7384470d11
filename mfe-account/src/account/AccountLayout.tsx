import { startTransition, type ReactNode } from 'react';
import { Link, NavLink, useNavigate, signOut, useSessionValue } from '@shop/shared';
import styles from './AccountLayout.module.css';

/** The layout of the customer area (/my-account/*): a side nav (Orders, Addresses, Logout) beside the page. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { name } = useSessionValue();
  const navigate = useNavigate();
  const logout = () =>
    startTransition(() => {
      signOut();
      navigate('/login');
    });
  const linkClass = ({ isActive }: { isActive: boolean }) => [styles.navLink, isActive && styles.active].filter(Boolean).join(' ');

  return (
    <div className={styles.page}>
      <aside className={styles.side}>
        {name && <p className={styles.hello}>Hello, <strong>{name}</strong></p>}
        <nav aria-label="My account">
          <ul className={styles.nav}>
            <li><NavLink to="/my-account/orders" className={linkClass}>Orders</NavLink></li>
            <li><NavLink to="/my-account/addresses" className={linkClass}>Addresses</NavLink></li>
            <li><button type="button" className={styles.navLink} onClick={logout}>Logout</button></li>
          </ul>
        </nav>
        <p className={styles.privacy}>
          How we use your details: <Link to="/privacy-&-policy">Privacy Policy</Link>
        </p>
      </aside>
      <section className={styles.content} aria-labelledby="account-title">
        <h1 id="account-title" className={styles.title}>{title}</h1>
        {children}
      </section>
    </div>
  );
}
