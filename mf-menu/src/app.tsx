import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createRemoteApp } from '@shop/shared/react';
import { ROUTES } from '@shop/shared/routes';
import { AllergensPage } from './features/allergens/AllergensPage';
import { AssortmentPage } from './features/assortment/AssortmentPage';
import { ReservationPage } from './features/assortment/ReservationPage';
import { BranchesPage, DirectionsPage, LocationsPage } from './features/branches/BranchesPage';
import { LegalPage, NamedPage, TaggedPage } from './features/content/ContentPage';
import { NewsItemPage, NewsListPage } from './features/content/NewsPages';
import { FavouritesPage } from './features/favourites/FavouritesPage';
import { OpeningHoursPage, PickupTimesPage } from './features/hours/OpeningHoursPage';
import { CourseDialog } from './features/item/CourseDialog';
import { ItemPage } from './features/item/ItemPage';
import { BowlsPage, PickupPage, PlatesPage, SalsasPage, SnacksPage, StreetfoodPage, SummerSizePage, YourOwnPage } from './features/landing/LandingPages';
import { CategoryProducts, MenuRoute } from './features/products/CategoryProducts';
import { ProductsPage } from './features/products/ProductsPage';

/** mf-menu: every screen of the menu area, routed by the shared route table. */
function MenuRoutes() {
  return (
    <BrowserRouter>
      <div data-mf="mf_menu" data-mf-version={__APP_VERSION__}>
        <Routes>
          <Route path={ROUTES.Sortiment.path} element={<AssortmentPage />} />
          <Route path={ROUTES.Speisen.path} element={<MenuRoute kind="food" />} />
          <Route path={ROUTES.Getraenke.path} element={<MenuRoute kind="drink" />} />
          <Route path={ROUTES.SpeisenProdukte.path} element={<CategoryProducts kind="food" />} />
          <Route path={ROUTES.GetraenkeProdukte.path} element={<CategoryProducts kind="drink" />} />
          <Route path={ROUTES.Produkte.path} element={<ProductsPage />} />
          <Route path={ROUTES.Speise.path} element={<ItemPage kind="food" />} />
          <Route path={ROUTES.Getraenk.path} element={<ItemPage kind="drink" />} />
          <Route path={ROUTES.Favoriten.path} element={<FavouritesPage />} />
          <Route path={ROUTES.Allergene.path} element={<AllergensPage />} />
          <Route path={ROUTES.Aktuelles.path} element={<NewsListPage />} />
          <Route path={ROUTES.Nachricht.path} element={<NewsItemPage />} />
          <Route path={ROUTES.Page.path} element={<NamedPage />} />
          <Route path={ROUTES.Beitrag.path} element={<TaggedPage />} />
          <Route path={ROUTES.AGB.path} element={<LegalPage name="AGB" />} />
          <Route path={ROUTES.Datenschutz.path} element={<LegalPage name="Datenschutz" />} />
          <Route path={ROUTES.Impressum.path} element={<LegalPage name="Impressum" />} />
          <Route path={ROUTES.Cookies.path} element={<LegalPage name="Cookies" />} />
          <Route path={ROUTES.Oeffnungszeiten.path} element={<OpeningHoursPage />} />
          <Route path={ROUTES.Abholzeiten.path} element={<PickupTimesPage />} />
          <Route path={ROUTES.Filialen.path} element={<BranchesPage />} />
          <Route path={ROUTES.Standorte.path} element={<LocationsPage />} />
          <Route path={ROUTES.Anfahrt.path} element={<DirectionsPage />} />
          <Route path={ROUTES.Tischreservierung.path} element={<ReservationPage />} />
          <Route path={ROUTES.Streetfood.path} element={<StreetfoodPage />} />
          <Route path={ROUTES.Salsas.path} element={<SalsasPage />} />
          <Route path={ROUTES.Bowls.path} element={<BowlsPage />} />
          <Route path={ROUTES.SummerSize.path} element={<SummerSizePage />} />
          <Route path={ROUTES.Snacks.path} element={<SnacksPage />} />
          <Route path={ROUTES.YourOwn.path} element={<YourOwnPage />} />
          <Route path={ROUTES.Plates.path} element={<PlatesPage />} />
          <Route path={ROUTES.Abholung.path} element={<PickupPage />} />
          <Route path="*" element={null} />
        </Routes>
        <CourseDialog />
      </div>
    </BrowserRouter>
  );
}

export const { bootstrap, mount, unmount } = createRemoteApp('mf_menu', MenuRoutes);
