// The router pieces the shop uses, re-exported from the shared package so that webpack keeps only these
// from react-router (a shared module is never tree-shaken, and react-router-dom whole is ~61 KB gzip).
// Being inside @shop/shared, the singleton every app gets from the shell, there is one router per page.
// Apps import them from '@shop/shared', never from 'react-router-dom' (facades.test.ts checks).
export { BrowserRouter, Link, NavLink, Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
