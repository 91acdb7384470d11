// Its own file: the first view's Node renderer imports it without the shop query's @shop/shared (axios, React).
export const PAGE_SIZE = 12;
