/// <reference types="@mfe/context/assets" />
