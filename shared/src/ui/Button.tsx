import type { ButtonHTMLAttributes } from 'react';
import styles from './ui.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger';
  size?: 'normal' | 'small';
}

export function Button({ variant = 'primary', size = 'normal', className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, variant !== 'primary' && styles[variant], size === 'small' && styles.small, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/** Class names for a link that looks like a button. */
export const buttonClass = (variant: 'primary' | 'secondary' = 'primary') => [styles.button, variant === 'secondary' && styles.secondary].filter(Boolean).join(' ');
